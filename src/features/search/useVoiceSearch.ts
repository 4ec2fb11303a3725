// Voice search: offered only when the browser has speech recognition; toggles
// listening; a result fills the box and stops; an error stops. The recognition itself
// (voiceRecognition.ts) loads on the first tap.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Recognition } from './voiceRecognition';

const noSubscription = () => () => undefined;
const hasSpeechRecognition = () => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

export function useVoiceSearch(onResult: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  // Off in server-rendered HTML and while hydrating it, then what the browser has.
  const supported = useSyncExternalStore(noSubscription, hasSpeechRecognition, () => false);

  // False once stopped (a second tap, unmount) before the module arrived: it then starts nothing.
  const wanted = useRef(false);

  const toggle = useCallback(() => {
    if (wanted.current) {
      wanted.current = false;
      recognition.current?.stop();
      recognition.current = null;
      setListening(false);
      return;
    }
    wanted.current = true;
    setListening(true);
    void import('./voiceRecognition').then(({ startRecognition }) => {
      if (!wanted.current) return;
      const ended = () => {
        wanted.current = false;
        recognition.current = null;
        setListening(false);
      };
      recognition.current = startRecognition(onResult, ended);
      if (!recognition.current) ended();
    });
  }, [onResult]);

  useEffect(
    () => () => {
      wanted.current = false;
      recognition.current?.stop();
    },
    [],
  );
  return { supported, listening, toggle };
}
