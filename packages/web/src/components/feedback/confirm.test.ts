import { modals } from '@mantine/modals';
import { Z_INDEX } from '@nestbox/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmChange, confirmDanger } from './confirm';

vi.mock('@mantine/modals', () => ({ modals: { openConfirmModal: vi.fn() } }));
vi.mock('../../lib/i18n', () => ({ i18n: { t: (key: string) => `t(${key})` } }));

const open = vi.mocked(modals.openConfirmModal);
const options = { title: 'Revoke “CLI”?', body: 'Scripts using it stop working.', confirmLabel: 'Revoke' };

describe('confirmations', () => {
  beforeEach(() => open.mockClear());

  it('confirmDanger asks with a red confirm button, above an open modal', () => {
    const onConfirm = vi.fn();
    confirmDanger({ ...options, onConfirm });
    expect(open).toHaveBeenCalledTimes(1);
    const props = open.mock.calls[0]?.[0];
    expect(props).toMatchObject({
      title: options.title,
      labels: { confirm: 'Revoke', cancel: 't(common.cancel)' },
      confirmProps: { color: 'red' },
      zIndex: Z_INDEX.modal + 1,
    });
    props?.onConfirm?.();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirmChange asks with the usual colour', () => {
    confirmChange({ ...options, onConfirm: () => {} });
    expect(open.mock.calls[0]?.[0].confirmProps).toEqual({});
  });
});
