// The dialog of signOutPrompt.ts: Cancel keeps the user signed in with their actions queued;
// Sign out discards them (no other user will ever send them).
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { discardQuestionText, type SignOutQuestion } from './signOutPrompt';

export default function SignOutPrompt({ question }: { question: SignOutQuestion }) {
  return (
    <ConfirmDialog
      open
      title="Sign out?"
      message={discardQuestionText(question.waiting)}
      confirmLabel="Sign out"
      onConfirm={() => question.answer(true)}
      onClose={() => question.answer(false)}
    />
  );
}
