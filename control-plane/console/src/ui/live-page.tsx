/**
 * A platform page that a node drives in Chromium, live in the console: the
 * picture of its newest frame (a click on it is a click on the page, at the
 * page pixel under the pointer; a drag on it a drag there, for sliders) and the controls that give the keyboard the
 * same reach (text typed into the focused field, a few keys, an SMS code).
 * Used wherever a person acts on a node's page: a relayed login, a publish
 * job awaiting input.
 */
import { Button, Group, Image, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, type MouseEvent, useRef, useState } from 'react';

/** One `frame` event: the page as base64 JPEG; width × height are the page pixels a click is in. */
export interface PageFrame {
  seq: number;
  jpeg: string;
  width: number;
  height: number;
}

/** What a person sends to the page (the API's loginInputSchema). */
export type PageInput =
  | { type: 'click'; x: number; y: number }
  | { type: 'drag'; from: { x: number; y: number }; to: { x: number; y: number } }
  | { type: 'key'; key: string }
  | { type: 'text'; text: string }
  | { type: 'sms'; code: string };

/** Page pixels a press must travel before its release is a drag (a slider) rather than a click. */
const DRAG_PX = 6;

const KEYS = ['Enter', 'Tab', 'Backspace'] as const;

/** The page pixel under a click on the picture, inside the page. */
export function pagePoint(e: MouseEvent<HTMLElement>, frame: PageFrame): { x: number; y: number } {
  const box = e.currentTarget.getBoundingClientRect();
  const x = Math.round(((e.clientX - box.left) / box.width) * frame.width);
  const y = Math.round(((e.clientY - box.top) / box.height) * frame.height);
  return { x: Math.max(0, Math.min(frame.width, x)), y: Math.max(0, Math.min(frame.height, y)) };
}

/**
 * The newest frame; a click on it is sent as a click on the page, a press moved before its release
 * (a slider's handle dragged along its track) as a drag from where it was pressed to where it ended.
 * It fits the dialog's width by default, where a platform's QR is small (a 1280-pixel page in a
 * 600-pixel picture); "Actual size" shows it one page pixel per screen pixel, scrolled inside its
 * frame, so the QR can be scanned from the screen. The border keeps the page apart from the dialog.
 */
export function LivePicture({ frame, label, alt, onInput }: { frame: PageFrame; label: string; alt: string; onInput: (input: PageInput) => void }) {
  const pressed = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const [actual, setActual] = useState(false);
  return (
    <>
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" aria-pressed={actual} onClick={() => setActual((a) => !a)}>
          {actual ? 'Fit to the dialog' : 'Actual size'}
        </Button>
      </Group>
      <div data-testid="live-picture-frame" style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 4, overflow: 'auto', maxHeight: actual ? '70vh' : undefined }}>
        <UnstyledButton
          onMouseDown={(e) => {
            pressed.current = pagePoint(e, frame);
            dragged.current = false;
          }}
          onMouseUp={(e) => {
            const from = pressed.current;
            pressed.current = null;
            if (!from) return;
            const to = pagePoint(e, frame);
            if (Math.hypot(to.x - from.x, to.y - from.y) < DRAG_PX) return;
            dragged.current = true;
            onInput({ type: 'drag', from, to });
          }}
          onClick={(e) => {
            // The click that ends a drag is the drag's, already sent.
            if (dragged.current) {
              dragged.current = false;
              return;
            }
            onInput({ type: 'click', ...pagePoint(e, frame) });
          }}
          onDragStart={(e) => e.preventDefault()}
          aria-label={label}
          style={{ display: 'block', width: actual ? frame.width : '100%' }}
        >
          <Image src={`data:image/jpeg;base64,${frame.jpeg}`} alt={alt} fit="contain" w={actual ? frame.width : undefined} maw={actual ? 'none' : undefined} />
        </UnstyledButton>
      </div>
    </>
  );
}

export interface PageControlsProps {
  /** Shows the SMS code field (the page asks for a code sent to the account's phone). */
  sms: boolean;
  /** Sends one input; `done` runs once the API took it (the field it came from is cleared). */
  onInput: (input: PageInput, done?: () => void) => void;
  /** The input on its way, if any. */
  pending: PageInput | null;
}

/** The keyboard's reach into the page: the SMS code (when asked), typed text, a few keys. */
export function PageControls({ sms, onInput, pending }: PageControlsProps) {
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const typeText = (e: FormEvent) => {
    e.preventDefault();
    if (!text) return;
    onInput({ type: 'text', text }, () => setText(''));
  };
  const sendSms = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    onInput({ type: 'sms', code: code.trim() }, () => setCode(''));
  };
  return (
    <>
      {sms && (
        <Group component="form" onSubmit={sendSms} align="end" gap="xs">
          <TextInput label="SMS code" value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={16} autoComplete="one-time-code" />
          <Button type="submit" loading={pending !== null}>
            Send code
          </Button>
        </Group>
      )}
      <Group component="form" onSubmit={typeText} align="end" gap="xs">
        <TextInput label="Type into the page" description="Goes to the field that has focus in the page" value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={1000} />
        <Button type="submit" variant="default" loading={pending?.type === 'text'}>
          Type
        </Button>
      </Group>
      <Group gap="xs">
        {KEYS.map((key) => (
          <Button key={key} size="xs" variant="default" aria-label={`Press ${key} in the page`} onClick={() => onInput({ type: 'key', key })}>
            {key}
          </Button>
        ))}
      </Group>
    </>
  );
}
