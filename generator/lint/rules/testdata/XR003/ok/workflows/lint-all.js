// A workflow is named by its meta object, not its file: /fixture:lint-everything.
export const meta = {
  name: 'lint-everything',
  description: 'Lint every package in turn',
}
