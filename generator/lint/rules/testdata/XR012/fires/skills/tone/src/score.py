print('score')
