// The dialog of signOutPrompt.ts: Cancel keeps the user signed in with their actions queued;
// Sign out discards them (no other user will ever send them).
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { SignOutQuestion } from './signOutPrompt';

const discardQuestionText = (waiting: number) =>
  `You have ${waiting} ${waiting === 1 ? 'action' : 'actions'} waiting to be sent. Sign out and discard ${waiting === 1 ? 'it' : 'them'}?`;

export default function SignOutDialog({ question }: { question: SignOutQuestion }) {
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
