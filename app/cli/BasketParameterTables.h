#pragma once
// Operator parameters from text: rho_m and K_m (004 Def. 7, 8), select-a-size's p_m[j], and the per-size
// table files of --rho-table ("m K_m rho_m") and --sizes-table ("m rho_m p_m[0] .. p_m[m]").
#include "core/baskets/BasketOperator.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr::cli {

// rho_m in (0, 1) (004 Def. 7, 8); InputError naming `what`.
double parseRho(const std::string& text, const std::string& what);
// K_m in 1..100000 (004 Def. 8).
int parseCutoff(const std::string& text, const std::string& what);
// --cutoffs KMIN..KMAX: 1 <= KMIN <= KMAX <= 1000; InputError quoting the text otherwise.
std::pair<int, int> parseCutoffRange(const std::string& text);
// p_m[0..m] of select-a-size (004 Def. 7): each in [0, 1], summing to 1 (within 1e-9).
std::vector<double> parseSizeProbabilities(const std::vector<std::string>& fields, const std::string& what);

// The tables by basket size m ('#' comments, blank lines skipped, each m once); InputError naming the file,
// line and field.
std::vector<std::optional<CutAndPasteLevel>> readRhoTable(const std::string& path);
std::vector<std::optional<SelectASizeLevel>> readSizesTable(const std::string& path);

} // namespace rr::cli
