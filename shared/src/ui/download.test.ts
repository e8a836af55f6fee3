import { downloadBlob } from './download';

it('hands the blob to the browser as a download under the name given, and lets go of its address', () => {
  const blob = new Blob(['phone\r\n0712345678\r\n'], { type: 'text/csv' });
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:recipients');
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });

  downloadBlob(blob, 'recipients.csv');

  expect(createObjectURL).toHaveBeenCalledWith(blob);
  expect(clicked).toEqual([{ href: 'blob:recipients', download: 'recipients.csv', attached: true }]);
  expect(document.querySelector('a[download]')).toBeNull();
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:recipients');
  click.mockRestore();
});
