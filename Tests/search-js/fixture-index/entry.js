skillbookSearchData("entry",0,{"version":2,"sections":28,"terms":291,"dictionary":["4.5","を短"],"files":"18pgw86 ryg2ob","documents":"c","pages":"EEEECDED","continued":"","words":36});
