console.log('serve placeholder');
