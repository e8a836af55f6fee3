// `import url from '…?url'` under jest: an address, as webpack's asset module gives in the browser.
module.exports = '/stub-asset-url';
