/** Commands' public faces (issue #24.1): the declarator and the list of every declared face. */
export * from './definir';
export * from './todos';
