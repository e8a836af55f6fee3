import type { LoginResponse, SessionUser } from '../contract';
import { clearHandOffs, HAND_OFF_PREFIX, handOffKey, SESSION_STORAGE_KEY, useSession } from './store';
import { amina, brian } from '../../test/users';

const answer = (user: SessionUser): LoginResponse => ({ access_token: 'header.payload.sig', user });

/** The hand-off keys left in localStorage. */
const handOffs = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith(HAND_OFF_PREFIX))
    .sort();

function storeSomeHandOffs() {
  localStorage.setItem(handOffKey(amina, '/meetings/meetingtypes/edit'), JSON.stringify({ id: 1, name: 'Choir' }));
  localStorage.setItem(handOffKey(brian, '/contacts/edit'), JSON.stringify({ id: 2 }));
  localStorage.setItem(handOffKey(null, '/contacts/edit'), JSON.stringify({ id: 3 }));
  localStorage.setItem('ushirika.edit:/meetings/meetingtypes/edit', JSON.stringify({ id: 4 })); // an older version's key
  localStorage.setItem('ushirika.locale', 'sw');
}

beforeEach(() => {
  useSession.setState({ user: null, access_token: null, authenticated: false });
  localStorage.clear();
});

describe('edit hand-off keys', () => {
  it('name the partner, the user (email in lower case) and the edit path', () => {
    expect(handOffKey(amina, '/meetings/meetingtypes/edit')).toBe('ushirika.edit:1:amina%40grace.test:/meetings/meetingtypes/edit');
    expect(handOffKey(null, '/contacts/edit')).toBe('ushirika.edit:nobody:/contacts/edit');
  });

  it('differ between users, partners and paths', () => {
    const keys = [
      handOffKey(amina, '/a'),
      handOffKey(brian, '/a'),
      handOffKey({ ...amina, Partner: brian.Partner }, '/a'),
      handOffKey(amina, '/b'),
      handOffKey(null, '/a'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the session store clears edit hand-offs', () => {
  it('on logout, leaving other storage alone', () => {
    useSession.getState().login(answer(amina));
    storeSomeHandOffs();
    useSession.getState().logout();
    expect(handOffs()).toEqual([]);
    expect(localStorage.getItem('ushirika.locale')).toBe('sw');
    // The session itself is persisted, signed out.
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ state: { user: null, authenticated: false } });
  });

  it('on login, so records left by a browser that was never logged out do not reach the next user', () => {
    storeSomeHandOffs();
    useSession.getState().login(answer(brian));
    expect(handOffs()).toEqual([]);
    expect(useSession.getState().user).toEqual(brian);
    expect(localStorage.getItem('ushirika.locale')).toBe('sw');
  });

  it('when a failed login removes the stored user', () => {
    useSession.getState().login(answer(amina));
    storeSomeHandOffs();
    useSession.getState().clearUser();
    expect(handOffs()).toEqual([]);
  });

  it('clearHandOffs removes every hand-off whatever its owner', () => {
    storeSomeHandOffs();
    expect(handOffs()).toHaveLength(4);
    clearHandOffs();
    expect(handOffs()).toEqual([]);
  });
});
