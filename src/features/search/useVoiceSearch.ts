// Voice search (spec section 4): offered only when the browser has speech recognition; toggles
// listening; a result fills the box and stops; an error stops.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

export function speechRecognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const noSubscription = () => () => undefined;

export function useVoiceSearch(onResult: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  // Off in server-rendered HTML and while hydrating it, then what the browser has.
  const supported = useSyncExternalStore(noSubscription, () => speechRecognitionConstructor() !== null, () => false);

  const stop = useCallback(() => {
    recognition.current?.stop();
    recognition.current = null;
    setListening(false);
  }, []);

  const toggle = useCallback(() => {
    if (recognition.current) return stop();
    const Constructor = speechRecognitionConstructor();
    if (!Constructor) return;
    const instance = new Constructor();
    instance.lang = navigator.language || 'en-US';
    instance.interimResults = false;
    instance.maxAlternatives = 1;
    instance.onresult = (event) => {
      const text = event.results[0]?.[0]?.transcript ?? '';
      if (text) onResult(text);
      stop();
    };
    instance.onerror = stop;
    instance.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = instance;
    setListening(true);
    instance.start();
  }, [onResult, stop]);

  useEffect(() => () => recognition.current?.stop(), []);
  return { supported, listening, toggle };
}
