#pragma once
// Stata files with value-label sets larger than pandas writes (it refuses more than 32,000 characters of
// labels in one set), for the statistical-file tests: pandas writes the records, the script writes the label
// table by hand (Stata's dta documentation for 118, 5.11 value labels) and names it from every variable.

namespace rr::testcli {

// argv: path, n, variables. Variables v0..v{k-1} (int32), v_j = (r * 7919 + j) mod n in row r (all n codes
// in each variable), but row 0 of the last variable holds n + 5, which no label names. One set "v0" of n
// labels, codes n-1 down to 0 in the file ('label 00042' for 42), named by every variable.
inline const char* kSharedLabelSet = R"PY(
import sys, struct
import numpy as np
import pandas as pd
path, n, nvar = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = np.arange(n)
df = pd.DataFrame({'v%d' % k: ((r * 7919 + k) % n).astype('int32') for k in range(nvar)})
df.loc[0, 'v%d' % (nvar - 1)] = n + 5
df.to_stata(path, write_index=False, version=118, value_labels={'v0': {0: 'x'}})
b = bytearray(open(path, 'rb').read())
at = b.find(b'<value_label_names>') + len(b'<value_label_names>')
assert b[at:at + 3] == b'v0\0', b[at:at + 8]
for k in range(1, nvar):
    b[at + 129 * k:at + 129 * (k + 1)] = b'v0'.ljust(129, b'\0')
assert b[at + 129 * nvar:].startswith(b'</value_label_names>')
codes = list(range(n - 1, -1, -1))
txt = b''.join(b'label %05d\0' % c for c in codes)
table = struct.pack('<ii', n, len(txt)) + struct.pack('<%di' % n, *[12 * i for i in range(n)]) + \
    struct.pack('<%di' % n, *codes) + txt
vl = b.find(b'<value_labels>')
section = b'<value_labels><lbl>' + struct.pack('<i', len(table)) + b'v0'.ljust(129, b'\0') + b'\0' * 3 + table + \
    b'</lbl></value_labels>'
b = b[:vl] + section + b'</stata_dta>'
m = b.find(b'<map>') + 5
struct.pack_into('<QQ', b, m + 8 * 12, vl + len(section), len(b))  # </stata_dta> and the end of the file
open(path, 'wb').write(b)
)PY";

} // namespace rr::testcli
