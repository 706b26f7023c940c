// Placeholder until the home page lands (being written now).
export function HomeRoute() {
  return null;
}
