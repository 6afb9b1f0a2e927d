import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useConfig } from '../../config/config-context';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import type { ScreenProps } from '../screen-props';

/** A page that only tells the applicant something (the re-KYC 'Thank You'): title, text, and a way on. */
export function Notice({ copy }: ScreenProps) {
  const navigate = useNavigate();
  const { flow } = useConfig();
  return (
    <div className="screen notice">
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, 'subtitle')} />
      {copy.continue ? (
        <Button type="primary" size="large" block onClick={() => void navigate(flow.routes.root)}>
          {copy.continue}
        </Button>
      ) : null}
    </div>
  );
}
