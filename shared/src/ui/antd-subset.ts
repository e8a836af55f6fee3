/**
 * The antd the app runs: only the components its screens use. The host shares this module as the `antd`
 * singleton (tooling/shared-deps.cjs, PROVIDED_FROM): every front end still writes `import { Button } from 'antd'`,
 * federation hands it this module, so one antd instance and one theme serve every area, and the page downloads
 * about 70% of antd instead of all of it (docs/architecture.md, "Weight").
 *
 * It imports from `antd/es`, a path the federation `antd` key does not match, so it is not its own consumer.
 * `shared/test/provided-subsets.test.ts` fails when a front end imports from 'antd' a name missing here: add it, and
 * bump the kit's minor version (a remote that needs it then requires a host that offers it).
 */
export {
  Alert,
  App,
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Layout,
  Menu,
  Popover,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
  Tag,
  theme,
  Tooltip,
  Typography,
  Upload,
} from 'antd/es';
