#include "ui/baskets/BasketsWorkspace.h"

#include "core/randomization/RandomSource.h"

#include <QCoreApplication>

namespace rr::ui {
namespace {

BasketProgress progressOf(TaskControl& control)
{
    return [&control](double f) {
        control.setProgress(static_cast<int>(f * 1000), 1000);
        return !control.isCanceled();
    };
}

bool basisFits(const std::shared_ptr<const PrivacyBasis>& basis, const BasketsChoice& choice)
{
    return basis && basis->level == choice.level && basis->maxItemsetSize == choice.breachItemsets;
}

} // namespace

BasketsWorkspace::BasketsWorkspace(QObject* parent) : QObject(parent)
{
    m_delay.setSingleShot(true);
    m_delay.setInterval(150);
    connect(&m_delay, &QTimer::timeout, this, &BasketsWorkspace::recompute);
    for (BackgroundTask* t : tasks())
        connect(t, &BackgroundTask::failed, this,
                [this](const QString& title, const QString& message) { emit errorOccurred(title + ": " + message); });
    connect(&m_computer, &BackgroundTask::failed, this, [this]() {
        m_frame.reset();
        emit frameCleared();
    });
}

BasketsWorkspace::~BasketsWorkspace()
{
    m_delay.stop();
    for (BackgroundTask* t : tasks())
        t->shutdown();
}

QList<BackgroundTask*> BasketsWorkspace::tasks()
{
    return {&m_loader, &m_computer, &m_suggester, &m_releaser};
}

bool BasketsWorkspace::isIdle() const
{
    return !m_delay.isActive() && !m_loader.isRunning() && !m_computer.isRunning() && !m_suggester.isRunning() &&
           !m_releaser.isRunning();
}

void BasketsWorkspace::waitForIdle()
{
    while (!isIdle()) {
        if (m_delay.isActive()) {
            m_delay.stop();
            recompute();
        }
        for (BackgroundTask* t : tasks())
            t->waitForFinished();
        QCoreApplication::processEvents();
    }
}

void BasketsWorkspace::open(const QString& path)
{
    const std::string file = path.toStdString();
    m_loader.start([this, file](TaskControl& control) -> BackgroundTask::Completion {
        std::shared_ptr<const BasketsData> data = loadBasketsData(file, progressOf(control));
        return [this, data]() {
            m_data = data;
            m_basis.reset();
            m_frame.reset();
            m_choice.perSize.clear(); // a per-size table belongs to its file's sizes
            m_choice.selectPerSize.clear();
            emit frameCleared();
            emit dataLoaded();
            emit choiceChanged();
            recompute();
        };
    });
}

void BasketsWorkspace::setChoice(const BasketsChoice& choice)
{
    m_choice = choice;
    m_delay.start();
}

void BasketsWorkspace::recompute()
{
    m_delay.stop();
    if (!m_data)
        return;
    auto data = m_data;
    auto basis = basisFits(m_basis, m_choice) ? m_basis : nullptr;
    const BasketsChoice choice = m_choice;
    m_computer.start([this, data, basis, choice](TaskControl& control) -> BackgroundTask::Completion {
        const BasketProgress progress = progressOf(control);
        auto b = basis;
        if (!b) // s_max(k, m) is the slow part on large files: computed once per level
            b = computePrivacyBasis(*data, choice.level, choice.breachItemsets,
                                    [&progress](double f) { return progress(0.4 * f); });
        double from = basis ? 0.0 : 0.4;
        if (choice.kind == OperatorKind::FrequencyAware && b->frequentSupport != choice.frequentSupport) {
            b = withFrequencyClasses(*data, *b, choice.frequentSupport,
                                     [&progress, from](double f) { return progress(from + 0.3 * f); });
            from += 0.3;
        }
        auto frame = std::make_shared<const BasketsFrame>(computeBasketsFrame(
            *data, *b, choice, [&progress, from](double f) { return progress(from + (1 - from) * f); }));
        return [this, data, b, frame]() {
            if (data != m_data)
                return;
            m_basis = b;
            m_frame = frame;
            emit frameReady(frame);
        };
    });
}

void BasketsWorkspace::startSuggestion(SuggestionSearch search)
{
    if (!m_data)
        return;
    auto data = m_data;
    auto basis = basisFits(m_basis, m_choice) ? m_basis : nullptr;
    const BasketsChoice choice = m_choice;
    m_suggester.start([this, data, basis, choice, search](TaskControl& control) -> BackgroundTask::Completion {
        const BasketProgress progress = progressOf(control);
        auto b = basis ? basis : computePrivacyBasis(*data, choice.level, choice.breachItemsets, progress);
        const SuggestionApply apply = search(*data, *b, choice, progress);
        return [this, data, b, apply]() {
            if (data != m_data) // another file was opened meanwhile
                return;
            m_basis = b;
            const QString summary = apply(m_choice);
            emit choiceChanged();
            emit suggestionReady(summary);
            recompute();
        };
    });
}

void BasketsWorkspace::suggestCutAndPaste()
{
    startSuggestion([](const BasketsData& data, const PrivacyBasis& b, const BasketsChoice&,
                       const BasketProgress& progress) -> SuggestionApply {
        // Sizes no cutoff protects keep the strongest setting tried (K = 3, rho = 0.95): the breach chart shows them.
        const CutAndPasteSuggestion s = ::rr::suggestCutAndPaste(data, b, CutAndPasteLevel{3, 0.95}, progress);
        return [s, level = b.level](BasketsChoice& choice) {
            choice.kind = OperatorKind::CutAndPaste;
            choice.perSize = s.table;
            return tr("Per-size (K_m, \u03C1_m) from the breach search at level %1%: %2 size(s) searched, %3 with no "
                      "setting under the level (given K = 3, \u03C1 = 0.95).")
                .arg(100 * level)
                .arg(s.choices.size())
                .arg(s.infeasibleSizes);
        };
    });
}

void BasketsWorkspace::suggestSelectASize()
{
    startSuggestion([](const BasketsData& data, const PrivacyBasis& b, const BasketsChoice& choice,
                       const BasketProgress& progress) -> SuggestionApply {
        const SelectASizeSuggestion s = ::rr::suggestSelectASize(data, b, choice, progress);
        return [s, level = b.level](BasketsChoice& current) {
            current.kind = OperatorKind::SelectASize;
            current.selectPerSize = s.table;
            return tr("Per-size \u03C1_m from the breach search at level %1% for the table's p_m[j]: %2 size(s) "
                      "searched, %3 with no \u03C1_m under the level (kept as they were).")
                .arg(100 * level)
                .arg(s.sizes.size())
                .arg(s.infeasibleSizes);
        };
    });
}

void BasketsWorkspace::writeRelease(const QString& path)
{
    if (!m_data)
        return;
    auto data = m_data;
    const BasketsChoice choice = m_choice;
    const std::string file = path.toStdString();
    m_releaser.start([this, data, choice, file](TaskControl& control) -> BackgroundTask::Completion {
        const BasketOperator op = basketsOperator(choice, data->summary);
        RandomSource rng = RandomSource::secure(); // a release: never a seeded generator
        const BasketReleaseSummary r = writeBasketsRelease(*data, op, rng, file, progressOf(control));
        return [this, r]() {
            emit releaseWritten(
                tr("Release written from %1: %2 (%3 baskets in a random order, %4 items)%5")
                    .arg(QString::fromStdString(r.generator), QString::fromStdString(r.path))
                    .arg(r.baskets)
                    .arg(r.occurrences)
                    .arg(r.sizesPath.empty()
                             ? QString()
                             : tr(" and %1 (original sizes)").arg(QString::fromStdString(r.sizesPath))));
        };
    });
}

} // namespace rr::ui
