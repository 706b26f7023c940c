import TextField from '@mui/material/TextField';
import type * as z from 'zod/v4/core';
import { useSnack } from '@/components/ui/snack';
import { useManagementMutation } from '@/lib/management/management-request';
import { managementTexts } from '@/lib/management/management-texts';
import { useSchemaForm } from '@/lib/use-schema-form';
import { ManagementForm } from './management-form';
import { ParentChoice, type ParentSpec } from './parent-choice';

/** An agency, branch or agent, as its form reads it. */
type NamedRow = { id: number; name: string };

/** What makes one kind's form: its fields, the schema, its calls and its word in the snacks. */
export type KindFormConfig<Row extends NamedRow, Body, Parent extends { id: number } = never> = {
  /** 'Branch', as in 'Branch added'. */
  kind: string;
  /** The code after the name (a branch's PCC, an agent's initials), typed in capitals. */
  code?: { name: keyof Row & string; label: string };
  parent?: ParentSpec<Row, Parent>;
  /** The schema the server parses a new row with; an edit sends the same fields and the id. */
  schema: z.$ZodType<Body>;
  create: (body: Body) => Promise<unknown>;
  update: (row: Row, body: Body) => Promise<unknown>;
};

type KindFormProps<Row extends NamedRow, Body, Parent extends { id: number }> = {
  config: KindFormConfig<Row, Body, Parent>;
  /** The row to edit; without it the form adds one. */
  row?: Row | undefined;
  onDone: () => void;
  onCancel?: (() => void) | undefined;
};

const CODE_INPUT = { htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } } as const;

/** The text field's start: the row's own value, or empty when adding. */
const startOf = <Row extends object>(row: Row | undefined, field: keyof Row) =>
  row === undefined ? '' : String(row[field]);

/**
 * An agency's, branch's or agent's name, code and parent (SPEC §3), checked by the schema the
 * server parses them with.
 */
export function KindForm<Row extends NamedRow, Body, Parent extends { id: number }>({
  config,
  row,
  onDone,
  onCancel,
}: KindFormProps<Row, Body, Parent>) {
  const { kind, code, parent } = config;
  const snack = useSnack();
  const save = useManagementMutation((body: Body) =>
    row ? config.update(row, body) : config.create(body),
  );
  const initial: Record<string, string> = {
    name: startOf(row, 'name'),
    ...(code && { [code.name]: startOf(row, code.name) }),
    ...(parent && { [parent.name]: startOf(row, parent.name) }),
  };
  const form = useSchemaForm({
    initial,
    schema: config.schema,
    submit: (body) => save.mutateAsync(body),
    onDone: () => {
      snack.success(row ? managementTexts.updated(kind) : managementTexts.added(kind));
      onDone();
    },
  });

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      {code && (
        <TextField
          label={code.label}
          required
          fullWidth
          {...form.textField(code.name)}
          slotProps={CODE_INPUT}
        />
      )}
      {parent && <ParentChoice parent={parent} row={row} field={form.choiceField(parent.name)} />}
    </ManagementForm>
  );
}
