#pragma once
// Each attribute's distortion matrix from --p (Warner, 003 eq. 5.2) or --matrix (any column-stochastic
// matrix from a file, 003 Sec. 2.2; core/distortion/MatrixFile.h gives the format): what every command
// that takes --p shares.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/DistortionSpec.h"

#include <string>
#include <vector>

namespace rr::cli {

// --matrix NAME=FILE (repeatable, one attribute per occurrence).
OptionSpec matrixOption();

struct Distortions {
    std::vector<std::string> names;
    std::vector<DistortionSpec> specs;      // one per name: Warner (p = 1 unless --p gives it) or a matrix file
    std::vector<DistortionMatrix> matrices; // built and checked, in the attributes' category order
    std::vector<std::string> notes;         // how header-less matrix files were read

    bool anyMatrixFile() const;
    // Axes whose matrix is not the identity.
    std::vector<int> randomizedAxes() const;
};

// The matrices of `names` (categories[k] = attribute k's categories, in the order its cells use).
// --p values are checked with checkRetention; a --matrix file with a header may list the categories in
// any order (its rows and columns are reordered to the attribute's); without one, rows and columns follow
// the attribute's order. InputError for a name that is not among `names`, an attribute given both --p
// and --matrix, and any problem with a file (named).
Distortions distortionsFrom(const Options& options, const std::vector<std::string>& names,
                            const std::vector<std::vector<std::string>>& categories);
// What distortionsFrom checks before any data is read (the --p and --matrix items: their syntax, names, and
// one distortion per attribute), so a typo is reported before a pass over a large source.
void checkDistortionOptions(const Options& options, const std::vector<std::string>& names);

// {attribute: p} with null (and a note) for attributes given by a matrix.
Json retentionJson(const Distortions& d, Notes& notes);
// {attribute: {"kind": "warner", "p": ...} or {"kind": "matrix", "source", "labels", "matrix"}}; "labels"
// always give the category order the matrix was applied in. Adds the distortions' notes.
Json distortionJson(const Distortions& d, Notes& notes);

// Refuses --matrix for a command that works on Warner's family only, saying why.
void refuseMatrix(const Options& options, const std::string& command, const std::string& why);

} // namespace rr::cli
