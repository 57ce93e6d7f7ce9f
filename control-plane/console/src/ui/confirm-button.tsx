import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';

interface ConfirmButtonProps extends ButtonProps {
  /** What the dialog asks, e.g. "Revoke the key “ci”?" */
  question: string;
  details?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  'aria-label'?: string;
}

/**
 * A destructive action: the button opens a dialog; only its confirm button acts.
 * The dialog exists only from the click until its closing transition ends: a
 * closed Mantine modal still mounts a portal and a scroll lock, and a table of
 * 100 rows with one button each would pay for 100 of them.
 */
export function ConfirmButton({ question, details, confirmLabel, onConfirm, children, ...button }: ConfirmButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        color="red"
        variant="outline"
        {...button}
        onClick={() => {
          setMounted(true);
          open();
        }}
      >
        {children}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} onExitTransitionEnd={() => setMounted(false)} title={question} centered closeButtonProps={{ 'aria-label': 'Close' }}>
          {details && <Text size="sm">{details}</Text>}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}
