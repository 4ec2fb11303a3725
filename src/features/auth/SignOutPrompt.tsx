// Where the sign-out question (signOutPrompt.ts) shows: mounted by the app shell after the first
// paint; the dialog itself loads only when a question is asked.
import { Suspense } from 'react';
import { lazyChunk } from '../../lib/chunks';
import { useSignOutQuestion } from './signOutPrompt';

const SignOutDialog = lazyChunk(() => import('./SignOutDialog'));

export default function SignOutPrompt() {
  const question = useSignOutQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog question={question} />
    </Suspense>
  );
}
