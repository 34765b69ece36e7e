export const meta = {
  name: 'same',
  description: 'Named as its file',
}
log('same')
