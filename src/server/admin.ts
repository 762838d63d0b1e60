console.log("admin: coming")
