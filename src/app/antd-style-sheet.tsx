import { Alert, Button, Checkbox, ConfigProvider, Drawer, Empty, Input, message, Modal, Select, Skeleton, Slider, Space, Spin } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { theme } from '../ui/theme';

const { _InternalPanelDoNotUseOrYouWillBeFired: MessagePanel } = message;
const { _InternalPanelDoNotUseOrYouWillBeFired: ModalPanel } = Modal;

/**
 * Every antd component the app may show, drawn once at build time (src/app/prerender.tsx) so that antd's CSS for
 * all of them is written to a file: in the browser antd makes no CSS (src/ui/theme.ts). The build refuses to
 * finish when the bundle holds a component whose styles this did not draw (scripts/vite-antd-static-styles.ts).
 */
export function AntdStyleSheet() {
  return (
    <ConfigProvider theme={theme}>
      <Button>x</Button>
      <Space.Compact>
        <Button>x</Button>
        <Input />
      </Space.Compact>
      <Space>x</Space>
      <Space.Addon>x</Space.Addon>
      <Input />
      <TextArea />
      <Checkbox />
      <Alert title="x" />
      <Spin />
      <Slider tooltip={{ open: true }} />
      <Select open options={[]} />
      <Modal open={false} />
      <ModalPanel type="confirm" title="x" />
      <Drawer open={false} />
      <Skeleton />
      <Empty />
      <MessagePanel content="x" />
    </ConfigProvider>
  );
}
