export const meta = { name: 'full-build', description: 'Builds everything in order' }
log('building')
