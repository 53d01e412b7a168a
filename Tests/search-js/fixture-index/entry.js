skillbookSearchData("entry",0,{"version":1,"sections":28,"terms":291,"dictionary":["4.5","して"],"documents":"c","pages":"EEEECDED","continued":"","words":36});
