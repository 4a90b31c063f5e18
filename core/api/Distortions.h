#pragma once
// Each attribute's distortion matrix from a retention p (Warner, 003 eq. 5.2) or a matrix file (any
// column-stochastic matrix, 003 Sec. 2.2; core/distortion/MatrixFile.h gives the format): what every request
// that takes p shares, and how the JSON of every front end writes it.
#include "core/api/JsonValues.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/DistortionSpec.h"

#include <string>
#include <utility>
#include <vector>

namespace rr::api {

// What the caller gives, by attribute name; unnamed attributes keep p = 1.
struct DistortionChoice {
    std::vector<std::pair<std::string, double>> p;                 // Warner retention, in the order given
    std::vector<std::pair<std::string, std::string>> matrixFiles; // attribute, CSV file of its matrix

    // Any p or matrix named (the CLI's --p or --matrix given), even p = 1.
    bool given() const { return !p.empty() || !matrixFiles.empty(); }
};

struct Distortions {
    std::vector<std::string> names;
    std::vector<DistortionSpec> specs;      // one per name: Warner (p = 1 unless given) or a matrix file
    std::vector<DistortionMatrix> matrices; // built and checked, in the attributes' category order
    std::vector<std::string> notes;         // how header-less matrix files were read

    bool anyMatrixFile() const;
    // Axes whose matrix is not the identity.
    std::vector<int> randomizedAxes() const;
};

// The matrices of `names` (categories[k] = attribute k's categories, in the order its cells use). p values are
// checked with checkRetention; a matrix file with a header may list the categories in any order (its rows and
// columns are reordered to the attribute's); without one, rows and columns follow the attribute's order.
// InputError (in the CLI's words: --p, --matrix) for a name that is not among `names`, a name given twice, an
// attribute given both p and a matrix, and any problem with a file (named).
Distortions distortionsOf(const DistortionChoice& choice, const std::vector<std::string>& names,
                          const std::vector<std::vector<std::string>>& categories);
// What distortionsOf checks before any data is read (names, one distortion per attribute), so a typo is
// reported before a pass over a large source.
void checkDistortions(const DistortionChoice& choice, const std::vector<std::string>& names);

// {attribute: p} with null (and a note) for attributes given by a matrix.
Json retentionJson(const Distortions& d, Notes& notes);
// {attribute: {"kind": "warner", "p": ...} or {"kind": "matrix", "source", "labels", "matrix"}}; "labels"
// always give the category order the matrix was applied in. Adds the distortions' notes.
Json distortionJson(const Distortions& d, Notes& notes);

} // namespace rr::api
