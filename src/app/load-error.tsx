import { Button } from 'antd';
import { useConfig } from '../config/config-context';
import { messageText } from '../../core/engine/message-codes';

/** The user could not be loaded (server down or timed out): say so and offer a retry, never a blank card. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { messages } = useConfig();
  return (
    <div className="onboard-load-error" role="alert">
      <p>{message}</p>
      <Button type="primary" onClick={onRetry}>
        {messageText(messages, 'errors.retry')}
      </Button>
    </div>
  );
}
