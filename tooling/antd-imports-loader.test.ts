// eslint-disable-next-line @typescript-eslint/no-require-imports
const { splitAntdImports, antdComponentModules } = require('./antd-imports-loader.cjs') as {
  splitAntdImports: (source: string, modules: Map<string, string>) => string;
  antdComponentModules: (fromDir: string) => Map<string, string>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { offeredAntdComponents } = require('./shared-deps.cjs') as { offeredAntdComponents: () => Map<string, string> };

const modules = new Map([
  ['Table', 'antd/es/table'],
  ['Button', 'antd/es/button'],
  ['theme', 'antd/es/theme'],
]);

describe('antd-imports-loader', () => {
  it('imports each offered component from its own module, under the name the file uses', () => {
    const source = `import { jsx as _jsx } from "react/jsx-runtime";\nimport { Table, Button as AntButton, theme } from 'antd';\nexport const x = [Table, AntButton, theme];`;
    expect(splitAntdImports(source, modules)).toBe(
      `import { jsx as _jsx } from "react/jsx-runtime";\nimport Table from 'antd/es/table'; import AntButton from 'antd/es/button'; import theme from 'antd/es/theme';\nexport const x = [Table, AntButton, theme];`,
    );
  });

  it("keeps a name it has no module for as an import from 'antd', and the statement's line count", () => {
    const source = `import {\n  Table,\n  Watermark\n} from "antd";\nconsole.log(Table, Watermark);`;
    const split = splitAntdImports(source, modules);
    expect(split).toBe(`import Table from 'antd/es/table'; import { Watermark } from 'antd';\n\n\n\nconsole.log(Table, Watermark);`);
    expect(split.split('\n')).toHaveLength(source.split('\n').length);
  });

  it('leaves default and namespace imports, other libraries and unparsable sources as they are', () => {
    for (const source of [
      `import * as antd from 'antd';\nantd.Table;`,
      `import antd, { Table } from 'antd';`,
      `import { Table } from 'antd-mobile';`,
      `import { Table } from 'antd'; const = ;`,
    ]) {
      expect(splitAntdImports(source, modules)).toBe(source);
    }
  });

  it("maps every component the host offers to a module of antd's", () => {
    const offered = offeredAntdComponents();
    expect(offered.get('Table')).toBe('antd/es/table');
    expect(offered.get('ConfigProvider')).toBe('antd/es/config-provider');
    expect(offered.get('InputNumber')).toBe('antd/es/input-number');
    const everything = antdComponentModules(__dirname + '/../shared');
    for (const [name, request] of offered) expect(everything.get(name)).toBe(request);
  });
});
