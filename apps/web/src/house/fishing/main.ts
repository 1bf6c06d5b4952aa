import '../shared/shell.ts';
