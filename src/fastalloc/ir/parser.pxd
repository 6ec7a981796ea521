# Augments ir/parser.py (Cython's pure-Python mode): only the model's
# extension types (and the lexer's name table) are cimported here, so that
# the parser's own annotations (``op: Op``, ``-> Value``,
# ``@cython.locals(v=Value)``, ``ids: Names``) type them and the compiled
# parser reads and writes their fields as struct members (ir/model.pxd) and
# calls Names.id as a C method (_lexer.pxd).  The parser's classes and
# functions stay declared in parser.py itself.  Without the build, parser.py
# runs as Python.
from fastalloc._lexer cimport Names
from fastalloc.ir.model cimport Block, Module, Op, Region, Value, _link_operands, _set_tok, _share_props


# parser.py's _first_char (its Python definition is for the uncompiled module):
# the first character of a str, 0 if it is empty, read in place.
cdef extern from *:
    """
    #define __pyx_fastalloc_first_char(s) (PyUnicode_GET_LENGTH(s) > 0 ? PyUnicode_READ_CHAR((s), 0) : (Py_UCS4) 0)
    """
    Py_UCS4 _first_char "__pyx_fastalloc_first_char" (str s)


# parser.py's _sigil_id and _sigil_name (their Python definitions are for the
# uncompiled module): Names' lookup of a %name token through its C method,
# without the checks and dispatch of the Python-callable one (the parser
# passes only tokens it has seen start with '%').
cdef inline Py_ssize_t _sigil_id(Names ids, str tok) except -1:
    return ids._sigil(tok)


cdef inline str _sigil_name(Names ids, str tok):
    ids._sigil(tok)
    return <str> ids.last


# parser.py's _sigil_part_id: the id of the name tok[1:end] (of a %name#k
# token), looked up in place.
cdef inline Py_ssize_t _sigil_part_id(Names ids, str tok, Py_ssize_t end) except -1:
    return ids._find(tok, 1, end)


# parser.py's _list_new and _list_put (their Python definitions are for the
# uncompiled module): a list of n empty slots, each then filled once by
# _list_put, without the None fill and the checked store of `[None] * n`
# and `l[i] = v` (one list of operands and one of results per op).
cdef extern from *:
    """
    #define __pyx_fastalloc_list_new(n) PyList_New(n)
    static CYTHON_INLINE void __pyx_fastalloc_list_put(PyObject *l, Py_ssize_t i, PyObject *v) {
        Py_INCREF(v);
        PyList_SET_ITEM(l, i, v);
    }
    """
    list _list_new "__pyx_fastalloc_list_new" (Py_ssize_t n)
    void _list_put "__pyx_fastalloc_list_put" (list l, Py_ssize_t i, object v)


# parser.py's _char_at: character i of a str (0 <= i < len(s): the caller's
# loop bounds it), read in place as a code point.
cdef extern from *:
    """
    #define __pyx_fastalloc_char_at(s, i) PyUnicode_READ_CHAR((s), (i))
    """
    Py_UCS4 _char_at "__pyx_fastalloc_char_at" (str s, Py_ssize_t i)


# parser.py's _sigil_last: the name _sigil_id(ids, tok) just looked up, as
# _sigil_name gives it (valid only right after that lookup).
cdef inline str _sigil_last(Names ids, str tok):
    return <str> ids.last


# parser.py's _bytes_data (its Python definition is for the uncompiled
# module): the buffer of a bytes object (a format's code, see _p_format),
# read in place without the generic conversion's bytearray test.
cdef extern from *:
    """
    #define __pyx_fastalloc_bytes_data(b) ((unsigned char *) PyBytes_AS_STRING(b))
    """
    unsigned char *_bytes_data "__pyx_fastalloc_bytes_data" (bytes b)


# parser.py's _is_char: is the token s the one character c (a punctuation
# token the op readers test for), read in place; no call, unlike _eq.
cdef extern from *:
    """
    #define __pyx_fastalloc_is_char(s, c) (PyUnicode_GET_LENGTH(s) == 1 && PyUnicode_READ_CHAR((s), 0) == (Py_UCS4) (c))
    """
    bint _is_char "__pyx_fastalloc_is_char" (str s, Py_UCS4 c)


# parser.py's _new_slots: list(init) (a format's empty segments, see
# _p_format), made at its size and filled in place, not grown by extend.
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE


cdef inline list _new_slots(tuple init):
    cdef Py_ssize_t n = PyTuple_GET_SIZE(init)
    cdef Py_ssize_t k
    cdef list out = _list_new(n)
    for k in range(n):
        _list_put(out, k, <object> PyTuple_GET_ITEM(init, k))
    return out
