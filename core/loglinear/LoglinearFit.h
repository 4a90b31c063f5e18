#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/loglinear/GoodnessOfFit.h"
#include "core/loglinear/HierarchicalModel.h"
#include "core/loglinear/Ipf.h"
#include "core/loglinear/KornCriterion.h"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <vector>

namespace rr {

// Which table a model is fitted to.
enum class FittedTable {
    Original,           // the original counts
    Randomized,         // counts of the randomized data, used directly without p (003 Ch. 4)
    ExpectedRandomized, // N * lambda with lambda = (P_1 x ... x P_k) pi (003 eq. 2.1; Table 4.3's columns)
    Reconstructed,      // N * pi-hat with pi-hat = P^-1 lambda-hat (003 eq. 2.2), projected (see below)
};
std::string toString(FittedTable source); // "original", "randomized", "expected-randomized", "reconstructed"

// One fitted model, as the CLI prints it: {"model", "chi_square", "g_square", "df", "p_value",
// "preserved", "fitted"}.
struct LoglinearResult {
    std::string model; // canonical generators, e.g. "AD,G"
    HierarchicalModel structure;
    FittedTable source = FittedTable::Original;
    GoodnessOfFit fit;        // Pearson X2, G2, df, p-values
    Eigen::VectorXd observed; // the counts fitted (the projected estimate for Reconstructed)
    Eigen::VectorXd fitted;   // m-hat, same cell order
    int iterations = 0;
    bool converged = false;
    // Korn's verdict (003 Theorem 2) for Randomized and ExpectedRandomized tables; empty for the
    // original and the reconstruction, which undoes the randomization (the CLI's "preserved": null).
    std::optional<KornVerdict> preservation;
    std::vector<std::string> notes; // caveats in sentences (projection, zero margins, validity)
};

// Fits `model` to the counts of `table` by IPF and tests it. `randomizedAxes` (axes of `table`
// whose attribute is randomized) feed Korn's criterion for randomized sources. Throws
// InputError for a model/table mismatch or negative counts (project a reconstruction first).
LoglinearResult fitLoglinear(const ContingencyTable& table, const HierarchicalModel& model,
                             const std::vector<char>& letters, FittedTable source,
                             const std::vector<int>& randomizedAxes = {}, const IpfOptions& options = {});

// N * lambda, the expected randomized counts (003 eq. 2.1): what Table 4.3 fits.
ContingencyTable expectedRandomizedCounts(const ContingencyTable& original,
                                          const std::vector<DistortionMatrix>& matrices);

// The reconstruction as counts a model can be fitted to. pi-hat = P^-1 lambda-hat (003 eq. 2.2) may
// have negative cells; they are set to 0 and the rest rescaled to N (projectToSimplex, as the
// distances do), and `note` reports how many cells and how much mass that moved.
struct ReconstructedCounts {
    ContingencyTable table;                  // N * projected pi-hat
    Eigen::VectorXd estimate;                // N * pi-hat before projection (may be negative)
    std::vector<Eigen::Index> negativeCells; // cells of `estimate` below 0
    double negativeMass = 0;                 // sum of their |counts|
    std::string note;                        // empty when nothing was projected
};
ReconstructedCounts reconstructedCounts(const ContingencyTable& randomized,
                                        const std::vector<DistortionMatrix>& matrices);

// fitLoglinear on reconstructedCounts(randomized, matrices), with its projection note.
LoglinearResult fitLoglinearReconstructed(const ContingencyTable& randomized,
                                          const std::vector<DistortionMatrix>& matrices, const HierarchicalModel& model,
                                          const std::vector<char>& letters, const IpfOptions& options = {});

// The cases of the loglinear command (`--model`, `--p`/`--matrix`, `--randomized`) in one call:
// - original data, no matrices: the fit on the original counts ("preserved": null);
// - original data with matrices: the fit on the expected randomized counts N * lambda, what the
//   data would show after randomization (003 Table 4.3), with Korn's verdict for the attributes
//   whose matrix is not the identity;
// - randomized data with matrices: the fit on the data as they are, Korn's verdict as above;
// - randomized data without matrices (p unknown): the fit on the data as they are, Korn's verdict
//   taking every attribute as randomized (the safe reading), said in a note.
// The reconstruction is fitLoglinearReconstructed.
LoglinearResult fitLoglinearFor(const ContingencyTable& table, const HierarchicalModel& model,
                                const std::vector<char>& letters, const std::vector<DistortionMatrix>& matrices,
                                bool dataAreRandomized, const IpfOptions& options = {});

// Axes whose matrix is not the identity.
std::vector<int> randomizedAxesOf(const std::vector<DistortionMatrix>& matrices);

} // namespace rr
