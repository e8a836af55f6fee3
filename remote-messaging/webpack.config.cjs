module.exports = require('../tooling/webpack.cjs').frontEndConfig(__dirname);
