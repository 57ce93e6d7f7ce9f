/**
 * An account's settings presets, edited by an admin: one form per content type,
 * built from the fields the settings contract lets that platform's preset hold
 * (GET /api/admin/accounts/{id}/presets/{type}). A field left empty is not in
 * the preset, so the request's own settings or the contract's default apply;
 * the API judges what is saved (PUT …) and its refusal shows as it says it.
 * A preset applies to jobs created after it is saved: a job's settings are
 * frozen when it is created.
 */
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { type Field, type FormValue, type FormValues, formValuesOf, settingsOf } from '../../preset-values.js';

type ContentType = 'article' | 'dynamic' | 'video';

export interface PresetAccount {
  id: number;
  displayName: string;
  platform: string;
  contentTypes: ContentType[];
}

const defaultText = (field: Field) =>
  field.default === undefined ? '' : ` Default: ${Array.isArray(field.default) ? field.default.join(', ') || 'none' : String(field.default)}.`;

function FieldInput({ field, value, onChange }: { field: Field; value: FormValue; onChange: (v: FormValue) => void }) {
  const description = `${field.description}${defaultText(field)}`;
  const common = { label: field.key, description };
  switch (field.type) {
    case 'boolean':
      return (
        <Select
          {...common}
          placeholder="Not set"
          clearable
          data={[
            { value: 'true', label: 'Yes (true)' },
            { value: 'false', label: 'No (false)' },
          ]}
          value={value === '' ? null : String(value)}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'enum':
      return <Select {...common} placeholder="Not set" clearable searchable data={field.options ?? []} value={value === '' ? null : String(value)} onChange={(v) => onChange(v ?? '')} />;
    case 'integer':
      return (
        <NumberInput
          {...common}
          placeholder="Not set"
          allowDecimal={false}
          min={field.limits?.min}
          max={field.limits?.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : '')}
        />
      );
    case 'string_list':
      return (
        <TagsInput
          {...common}
          placeholder={field.options ? 'Choose from the list' : 'Type an item, then Enter'}
          data={field.options ?? []}
          maxTags={field.limits?.max_items}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          clearable
        />
      );
    case 'text':
      return <Textarea {...common} placeholder="Not set" autosize minRows={2} maxLength={field.limits?.max_length} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} placeholder="Not set" maxLength={field.limits?.max_length} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

function PresetForm({ account, contentType, onSaved, onCancel }: { account: PresetAccount; contentType: ContentType; onSaved: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const preset = useQuery({
    queryKey: ['admin', 'accounts', account.id, 'presets', contentType],
    queryFn: () => unwrap(adminApi.GET('/api/admin/accounts/{accountId}/presets/{contentType}', { params: { path: { accountId: account.id, contentType } } })),
  });
  // The values as edited; undefined until the preset arrives, then taken from it once.
  const [edited, setEdited] = useState<FormValues | undefined>(undefined);
  const fields = preset.data?.fields ?? [];
  const values = edited ?? (preset.data ? formValuesOf(fields, preset.data.settings) : undefined);
  const save = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      unwrap(adminApi.PUT('/api/admin/accounts/{accountId}/presets/{contentType}', { params: { path: { accountId: account.id, contentType } }, body: { settings } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts', account.id, 'presets'] });
      onSaved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (values) save.mutate(settingsOf(fields, values));
  };
  return (
    <form onSubmit={submit} aria-label={`${contentType} preset of ${account.displayName}`}>
      <Stack>
        <ErrorAlert error={preset.error} />
        {preset.data && values && (
          <>
            <Text size="sm">
              Settings contract {preset.data.settingsContractVersion}. An empty field is not in the preset: the request&apos;s settings, or the default, apply.
            </Text>
            {fields.map((field) => (
              <FieldInput key={field.key} field={field} value={values[field.key] ?? ''} onChange={(v) => setEdited({ ...values, [field.key]: v })} />
            ))}
          </>
        )}
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!values}>
            Save {contentType} preset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The button on an account's row, and its dialog: pick a content type, edit its preset, save. */
export function PresetEditor({ account, onSaved }: { account: PresetAccount; onSaved: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [contentType, setContentType] = useState<ContentType | undefined>(account.contentTypes[0]);
  if (account.contentTypes.length === 0) return null;
  return (
    <>
      <Button size="xs" variant="default" onClick={open} aria-label={`Edit the presets of ${account.displayName}`}>
        Presets
      </Button>
      <Modal opened={opened} onClose={close} title={`Settings presets of ${account.displayName} (${account.platform})`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          {account.contentTypes.length > 1 && (
            <SegmentedControl
              aria-label="Content type"
              data={account.contentTypes}
              value={contentType ?? account.contentTypes[0]!}
              onChange={(v) => setContentType(v as ContentType)}
            />
          )}
          {opened && contentType && (
            <PresetForm
              key={contentType}
              account={account}
              contentType={contentType}
              onCancel={close}
              onSaved={() => {
                onSaved();
                close();
              }}
            />
          )}
        </Stack>
      </Modal>
    </>
  );
}
