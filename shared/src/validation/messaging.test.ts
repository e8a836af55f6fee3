import { validateFirstError } from './first-error';
import { messageConfigSchema } from './messaging';

describe('messageConfigSchema', () => {
  it.each([
    [{}, 'Config name is required'],
    [{ config: ' ', value: 'GRACE' }, 'Config name is required'],
    [{ config: 'sender_id' }, 'Config Value is required'],
    [{ config: 'sender_id', value: ' G ' }, 'Value must be at least 2 characters'],
  ])('%j -> %s', async (input, message) => {
    expect(await validateFirstError(messageConfigSchema, input)).toEqual({ ok: false, message });
  });

  it('keeps the trimmed config and value', async () => {
    expect(await validateFirstError(messageConfigSchema, { config: ' sender_id ', value: 'GRACE ' })).toEqual({
      ok: true,
      value: { config: 'sender_id', value: 'GRACE' },
    });
  });
});
