// Async boundary: federation negotiates the shared singletons (react, antd, the session store...) before
// anything that imports them runs.
import('./bootstrap');

export {};
