#include "core/basketpipeline/BasketsChoice.h"

namespace rr {

std::vector<CutAndPasteLevel> fullCutAndPasteTable(const BasketsChoice& choice, std::uint32_t maxSize)
{
    std::vector<CutAndPasteLevel> table(static_cast<std::size_t>(maxSize) + 1,
                                        CutAndPasteLevel{choice.cutoff, choice.rho});
    for (std::size_t m = 0; m < table.size() && m < choice.perSize.size(); ++m)
        table[m] = choice.perSize[m];
    return table;
}

std::vector<SelectASizeLevel> fullSelectASizeTable(const BasketsChoice& choice, std::uint32_t maxSize)
{
    std::vector<SelectASizeLevel> table(static_cast<std::size_t>(maxSize) + 1);
    for (std::size_t m = 0; m < table.size(); ++m) {
        if (m < choice.selectPerSize.size() && !choice.selectPerSize[m].sizeProbabilities.empty())
            table[m] = choice.selectPerSize[m];
        else
            table[m] = {choice.rho, binomialSizeProbabilities(static_cast<int>(m), choice.selectKeep)};
    }
    return table;
}

OperatorParameters operatorParameters(const BasketsChoice& choice)
{
    OperatorParameters p;
    p.kind = choice.kind;
    switch (choice.kind) {
    case OperatorKind::ItemBits: p.p = choice.keep; break;
    case OperatorKind::Uniform: p.p = choice.replace; break;
    case OperatorKind::CutAndPaste:
        p.cutoff = choice.cutoff;
        p.rho = choice.rho;
        p.rhoTable.assign(choice.perSize.begin(), choice.perSize.end());
        break;
    case OperatorKind::SelectASize:
        p.rho = choice.rho;
        p.sizesKeep = choice.selectKeep;
        for (const SelectASizeLevel& level : choice.selectPerSize)
            p.sizesTable.push_back(level.sizeProbabilities.empty() ? std::nullopt : std::optional(level));
        break;
    case OperatorKind::FrequencyAware:
        p.fp = choice.fp;
        p.nfp = choice.nfp;
        p.frequentSupport = choice.frequentSupport;
        break;
    }
    return p;
}

BasketOperator basketsOperator(const BasketsChoice& choice, const BasketSummary& summary)
{
    std::vector<std::uint8_t> frequent;
    if (choice.kind == OperatorKind::FrequencyAware)
        frequent = frequentItemFlags(summary.itemCounts, summary.baskets, choice.frequentSupport);
    return buildOperator(operatorParameters(choice), summary.sizeHistogram, summary.itemCount,
                         std::move(frequent));
}

} // namespace rr
