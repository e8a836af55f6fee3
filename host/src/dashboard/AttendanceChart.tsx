import { Line } from '@ant-design/charts';
import { PRIMARY_COLOUR } from '@ushirika/shared/ui';
import { useIntl } from 'react-intl';

/** Spec 2.6: the Attendance chart shows fixed sample data. */
const SAMPLE_ATTENDANCE = [120, 132, 101, 134, 190, 230, 210, 182, 191, 234, 290, 330];

/** Loaded lazily: @ant-design/charts stays out of the first page. */
export default function AttendanceChart() {
  const intl = useIntl();
  const month = new Intl.DateTimeFormat(intl.locale, { month: 'short' });
  const data = SAMPLE_ATTENDANCE.map((value, index) => ({ month: month.format(new Date(2026, index, 1)), value }));
  return <Line data={data} xField="month" yField="value" height={260} autoFit style={{ stroke: PRIMARY_COLOUR, lineWidth: 2 }} />;
}
