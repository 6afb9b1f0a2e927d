import { useNavigate } from 'react-router-dom';
import { errorText } from '../api/api-error';
import { useConfig } from '../config/config-context';
import { useFormStatus } from '../state/form-status';
import { messageText } from '../../core/engine/message-codes';
import { useToast } from '../ui/toast';

/**
 * The form-slice rules of a screen that sends a code (mobile sign-in, email): loading while it sends, then the
 * 'OTP sent' toast and the code's route; or a red toast and back to idle, with what was typed kept.
 */
export function useSendCode(formName: string) {
  const navigate = useNavigate();
  const toast = useToast();
  const { messages } = useConfig();
  const form = useFormStatus(formName);
  async function send(request: () => Promise<void>, next: string): Promise<void> {
    if (form.loading) return;
    form.start();
    try {
      await request();
      form.reset();
      toast.success(messageText(messages, 'toasts.otpSent'));
      await navigate(next);
    } catch (error) {
      // Form slice rule: a red toast, then the error is cleared.
      toast.error(errorText(error, messageText(messages, 'errors.fallback')));
      form.reset();
    }
  }
  return { send, loading: form.loading };
}
