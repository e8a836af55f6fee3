// Types of the jest-dom matchers (toBeInTheDocument...) that shared/test/setup-dom.ts installs for every test.
import '@testing-library/jest-dom';
