/** `import url from '…?url'`: the file's address once built (tooling/webpack.cjs emits it as an asset). */
declare module '*?url' {
  const url: string;
  export default url;
}
