log('a script without a meta object')
