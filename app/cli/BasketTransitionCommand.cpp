// `basket transition`: the operator's p[l -> l'] for baskets of size m and k-itemsets (004 Def. 10,
// Statement 2), and cut-and-paste's size probabilities p_m[j] (004, after Remark 4.2).
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

Json matrixJson(const Eigen::MatrixXd& m)
{
    Json rows = Json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        Json row = Json::array();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.push_back(m(r, c));
        rows.push_back(row);
    }
    return rows;
}

Json runTransition(const Options& options)
{
    const OperatorParameters args = operatorArgs(options);
    if (args.kind == OperatorKind::FrequencyAware)
        throw InputError("frequency-aware distortion is not item-invariant: it has no p[l -> l'] (004 Def. 6, 10); "
                         "each item's bit is kept with fp or nfp by its class (002 Alg. 2)");
    const int m = intOption(options, "m", 0, 10000, -1);
    const int k = intOption(options, "k", 1, 64, -1);
    if (m < 0)
        throw InputError("'basket transition' needs --m M, the basket size (0..10000)");
    if (k < 0)
        throw InputError("'basket transition' needs --k K, the itemset size (1..64)");
    if (args.sizes && args.sizes->size() != static_cast<std::size_t>(m) + 1)
        throw InputError("--sizes gives " + std::to_string(args.sizes->size()) + " probabilities p_m[0.." +
                         std::to_string(args.sizes->size() - 1) + "], so it is for m = " +
                         std::to_string(args.sizes->size() - 1) + ", not --m " + std::to_string(m));
    const auto mi = static_cast<std::size_t>(m);
    if ((!args.rhoTableFile.empty() && (mi >= args.rhoTable.size() || !args.rhoTable[mi])) ||
        (!args.sizesTableFile.empty() && (mi >= args.sizesTable.size() || !args.sizesTable[mi])))
        throw InputError(
            (args.rhoTableFile.empty() ? "--sizes-table " + args.sizesTableFile : "--rho-table " + args.rhoTableFile) +
            " has no line for basket size m = " + std::to_string(m));
    std::uint32_t n = 0;
    if (args.kind == OperatorKind::Uniform) {
        const auto items = options.value("items");
        if (!items)
            throw InputError("uniform randomization's p[l -> l'] depends on the item universe: give --items N "
                             "(004 Sec. 2: replacements come from the n - m items not in the basket)");
        n = static_cast<std::uint32_t>(intOption(options, "items", 1, 16777216, 0));
    } else if (options.has("items")) {
        throw InputError("--items applies to uniform randomization only: the other operators' p[l -> l'] does not "
                         "depend on the item universe");
    }
    std::vector<std::size_t> histogram(static_cast<std::size_t>(m) + 1, 0);
    histogram[static_cast<std::size_t>(m)] = 1;
    const BasketOperator op = buildOperator(args, histogram, n);
    const Eigen::MatrixXd P = transitionMatrix(op, m, k, n); // 004 Statement 2 (Def. 10)

    Json j;
    j["operator"] = operatorJson(args);
    j["m"] = m;
    j["k"] = k;
    if (args.kind == OperatorKind::Uniform)
        j["items"] = n;
    j["matrix"] = matrixJson(P);
    j["rows"] = "l' = |t' n A| = 0.." + std::to_string(k) + " (randomized)";
    j["columns"] = "l = |t n A| = 0.." + std::to_string(P.cols() - 1) + " (original; at most min(k, m))";
    if (args.kind == OperatorKind::CutAndPaste) {
        const CutAndPasteLevel& level = op.cutAndPaste[static_cast<std::size_t>(m)];
        const Eigen::VectorXd pm = cutAndPasteSizeProbabilities(m, level.cutoff, level.rho);
        j["size_probabilities"] = std::vector<double>(pm.data(), pm.data() + pm.size());
    } else if (args.kind == OperatorKind::SelectASize) {
        j["size_probabilities"] = op.selectASize[static_cast<std::size_t>(m)].sizeProbabilities;
    }
    return j;
}

} // namespace

Command basketTransitionCommand()
{
    Command c;
    c.name = "transition";
    c.summary = "p[l -> l'] of an operator for baskets of size m and k-itemsets (004 Statement 2)";
    c.description =
        "Prints matrix[l'][l] = p[l -> l'] = P(|t' n A| = l' given |t n A| = l) for a basket t of size m and an "
        "itemset A of size k (004 Def. 10): select-a-size and cut-and-paste by 004 Statement 2, uniform "
        "randomization (004 Sec. 2, needs --items), per-item bits (Bin(l, p) + Bin(k - l, 1 - p)). Columns run "
        "over l = 0..min(k, m): a basket of size m holds at most m items of A. For cut-and-paste also "
        "size_probabilities p_m[j], the chance that j of the m items survive (004, after Remark 4.2); for "
        "select-a-size the given p_m[j]. --rho-table and --sizes-table take the line of size m.";
    c.options = operatorOptions();
    c.options.push_back({"m", "M", "the basket size m, 0..10000"});
    c.options.push_back({"k", "K", "the itemset size k, 1..64"});
    c.options.push_back({"items", "N", "uniform only: the item universe n (at least 2m)"});
    c.run = runTransition;
    return c;
}

} // namespace rr::cli
