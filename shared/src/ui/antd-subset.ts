/**
 * The antd the app runs: only the components its screens use. Every front end writes `import { Button } from 'antd'`.
 *
 * - In production builds each component named here is a singleton of its own (`antd/es/button`…) that the host
 *   provides: a loader turns the import into `import Button from 'antd/es/button'` (tooling/antd-imports-loader.cjs,
 *   tooling/shared-deps.cjs), so a screen downloads the components it shows, still one antd instance and one theme
 *   (docs/architecture.md, "Weight"). A name missing here stays an import of the whole `antd`.
 * - The host also shares this module as the `antd` singleton (PROVIDED_FROM): what the dev servers use, and what a
 *   remote built before the split still asks for.
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
