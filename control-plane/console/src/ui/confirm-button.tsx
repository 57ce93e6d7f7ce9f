import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface ConfirmButtonProps extends ButtonProps {
  /** What the dialog asks, e.g. "Revoke the key “ci”?" */
  question: string;
  details?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  'aria-label'?: string;
}

/** A destructive action: the button opens a dialog; only its confirm button acts. */
export function ConfirmButton({ question, details, confirmLabel, onConfirm, children, ...button }: ConfirmButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="outline" {...button} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={question} centered closeButtonProps={{ "aria-label": "Close" }}>
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
    </>
  );
}
