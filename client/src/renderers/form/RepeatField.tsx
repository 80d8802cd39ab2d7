import type { ErrorSchema, Field, FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils'
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { controlId } from '../lib/formIds.ts'
import { blankItem, canAdd, canRemove, itemCellKey, itemsOf, type RepeatField as RepeatDescriptor } from '../lib/formRepeat.ts'

interface RepeatOptions { descriptor: RepeatDescriptor, items: Record<string, UiSchema> }

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus())

/**
 * A repeating group: a fieldset of items, each a numbered fieldset of the same fields drawn by rjsf's own widgets and field template
 * (labels, data-driven choices, errors), with a Remove button per item and an Add button after them. An item field's id is
 * <form's id prefix>_<group>.<item>.<field>, the key of its errors; the group's own message (too few items) is drawn by the field template.
 */
export function RepeatField (props: FieldProps) {
  const { t } = useTranslation()
  const { descriptor: field, items: itemUi } = props.uiSchema?.['ui:options'] as unknown as RepeatOptions
  const items = itemsOf(props.formData)
  // rjsf always registers its SchemaField; the registry's type only leaves every field optional.
  const SchemaField = props.registry.fields.SchemaField as Field
  const itemSchema = (props.schema.items ?? {}) as RJSFSchema
  const prefix = props.registry.globalFormOptions.idPrefix
  const idOf = (key: string) => controlId(prefix, key)
  const groupId = idOf(field.name)
  const noun = t(field.itemKey ?? field.labelKey)
  const editable = !props.readonly && !props.disabled
  const errorsOf = (i: number, cell: string) => (props.errorSchema as Record<number, Record<string, ErrorSchema> | undefined> | undefined)?.[i]?.[cell]
  const change = (next: unknown[], focus: string) => {
    props.onChange(next, props.fieldPathId.path, undefined, groupId)
    focusLater(focus)
  }
  const first = field.fields[0]?.name ?? ''
  return (
    <fieldset className='rr-repeat' id={groupId} tabIndex={-1}>
      <legend>{t(field.labelKey)}</legend>
      {items.map((item, i) => {
        const legend = t('renderers.repeat.item', { item: noun, n: i + 1 })
        return (
          <fieldset key={i} className='rr-repeat__item' data-item={i + 1}>
            <legend>{legend}</legend>
            {field.fields.map((f) => {
              const key = itemCellKey(field.name, i, f.name)
              // Changes and blurs name the cell by its error key, whatever id rjsf gave the control (a multiple choice builds its own).
              return (
                <SchemaField
                  key={f.name} name={f.name} schema={(itemSchema.properties?.[f.name] ?? {}) as RJSFSchema} uiSchema={itemUi[f.name]}
                  fieldPathId={{ $id: idOf(key), path: [...props.fieldPathId.path, i, f.name] }}
                  formData={item[f.name]} errorSchema={errorsOf(i, f.name)} required={f.required === true}
                  onChange={(value, path, errors) => props.onChange(value, path, errors, idOf(key))}
                  onBlur={(_id, value) => props.onBlur(idOf(key), value)} onFocus={props.onFocus} registry={props.registry}
                  disabled={props.disabled} readonly={props.readonly} hideError={props.hideError}
                />
              )
            })}
            {editable && (
              <div className='rr-repeat__actions'>
                <Button
                  type='button' variant='default' size='xs' aria-label={t('renderers.repeat.removeItem', { item: legend })} disabled={!canRemove(field, items.length)}
                  // Focus stays in the group: on the item that took this one's place, else on Add.
                  onClick={() => change(items.filter((_, j) => j !== i), i < items.length - 1 ? idOf(itemCellKey(field.name, i, first)) : `${groupId}-add`)}
                >{t('renderers.repeat.remove')}
                </Button>
              </div>
            )}
          </fieldset>
        )
      })}
      {editable && (
        <Button
          id={`${groupId}-add`} type='button' variant='default' size='xs' disabled={!canAdd(field, items.length)}
          // The new item's first field takes focus, so the keyboard goes on where the item appeared.
          onClick={() => change([...items, blankItem(field)], idOf(itemCellKey(field.name, items.length, first)))}
        >{t('renderers.repeat.add', { item: noun })}
        </Button>
      )}
    </fieldset>
  )
}
