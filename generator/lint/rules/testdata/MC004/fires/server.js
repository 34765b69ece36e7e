console.log("serving")
