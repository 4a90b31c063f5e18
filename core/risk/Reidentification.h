#pragma once
// Re-identification risk under randomization (issue 22). The attacker knows a target's true quasi-identifier
// combination q and that the target is in the release, and picks uniformly one released record whose released
// QIs equal q (none: the attack fails). Record r is picked with probability
//   R_id(r) = a_r * E[1 / (1 + M)],  a_r = prod_i P_i[q_i | q_i],
// M = the number of other records released as q, a sum of independent Bernoulli(a_c), a_c = prod_i P_i[q_i | c_i].
// At p = 1 this is 1 / (size of r's QI class): ARX's prosecutor risk; its mean over the records is the expected
// share of records re-identified, ARX's marketer risk. Records of one QI cell share R_id, so everything is
// computed per cell, never per record.
#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <vector>

namespace rr {

// ARX's default threshold of the highest risk is 0.2; so is ours.
constexpr double kDefaultReidentificationThreshold = 0.2;
// The histogram's fixed bins: [0, 0.1), [0.1, 0.2), ..., [0.9, 1].
constexpr int kReidentificationBins = 10;
// The direct sum over cells (any matrices) costs cells x cells per quadrature point: refused past this many
// QI cells with records (InputError). Warner matrices take the agreement patterns, whose cost does not grow with
// the cells.
constexpr std::size_t kMaxDirectReidentificationCells = 20000;
// Agreement patterns are used up to this many QIs (2^k patterns per target), and while the marginals over the
// proper subsets of the QIs (prod_i (1 + d_i) - prod_i d_i doubles) hold at most the QI table's cells, or 2^24.
constexpr int kMaxAgreementQis = 16;

// How the sum over the other records is grouped.
enum class MatchGrouping {
    Automatic,         // agreement patterns when every matrix is Warner's, else cells
    AgreementPatterns, // Warner matrices only: records grouped by which QIs agree with q (2^k groups)
    Cells,             // every QI cell with records: any matrices
};

struct ReidentificationCell {
    std::size_t cell = 0; // index into the QI table
    double count = 0;     // records in the cell
    double original = 0;  // 1 / count
    double randomized = 0;
};

struct ReidentificationSummary {
    double records = 0;
    double max = 0;
    double mean = 0;           // over records: the expected share re-identified (marketer risk)
    double aboveThreshold = 0; // share of records with risk > threshold
    double sampleUniques = 0;  // records alone in their (true) QI cell: the same in both summaries
    std::vector<double> histogram = std::vector<double>(kReidentificationBins, 0.0); // share of records per bin
};

struct ReidentificationRisk {
    std::vector<ReidentificationCell> cells; // every QI cell with records, in table order
    ReidentificationSummary original, randomized;
    double threshold = kDefaultReidentificationThreshold;
};

// Returning false cancels the computation (ReidentificationCancelled); called with the fraction done.
using ReidentificationProgress = std::function<bool(double)>;

class ReidentificationCancelled : public Cancelled {
public:
    ReidentificationCancelled() : Cancelled("the re-identification risk was cancelled") {}
};

struct ReidentificationRequest {
    double threshold = kDefaultReidentificationThreshold; // in (0, 1]
    MatchGrouping grouping = MatchGrouping::Automatic;
    int threads = 1; // target cells are split into ranges; the numbers do not depend on the count
    ReidentificationProgress progress;
};

// Re-identification risk of every QI cell with records of `qi` (counts over the QIs) under one column-
// stochastic matrix per QI axis, and the summaries over the records, original and randomized. Throws
// InputError for a matrix count or size that does not fit the table, a threshold outside (0, 1], agreement
// patterns asked for non-Warner matrices, or the direct sum past kMaxDirectReidentificationCells cells.
ReidentificationRisk reidentificationRisk(const ContingencyTable& qi, const std::vector<DistortionMatrix>& matrices,
                                          const ReidentificationRequest& request = {});

// The summary of per-cell risks weighted by the cells' counts.
ReidentificationSummary summarizeReidentification(const std::vector<ReidentificationCell>& cells, bool randomized,
                                                  double threshold);

} // namespace rr
