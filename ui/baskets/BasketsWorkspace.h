#pragma once
// The open basket file and everything computed from it: loading, the privacy basis (public items and
// s_max(k, m) at the breach level), the live frame (breaches, recovered supports, precision/recall), the
// cut-and-paste suggestion and the release, each in its own BackgroundTask (a newer request supersedes a
// running one: stale work never reaches a view). It never touches a widget.
#include "core/basketpipeline/BasketsPipeline.h"
#include "ui/tasks/BackgroundTask.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace rr::ui {

class BasketsWorkspace : public QObject {
    Q_OBJECT
public:
    explicit BasketsWorkspace(QObject* parent = nullptr);
    ~BasketsWorkspace() override; // joins every job first

    std::shared_ptr<const BasketsData> data() const { return m_data; }
    std::shared_ptr<const PrivacyBasis> basis() const { return m_basis; }
    std::shared_ptr<const BasketsFrame> frame() const { return m_frame; }
    const BasketsChoice& choice() const { return m_choice; }

    void open(const QString& path);
    // A new choice: the frame follows (coalesced over a short delay while values are typed).
    void setChoice(const BasketsChoice& choice);
    void recompute();
    // Fills the cut-and-paste table from the breach search at the current level (004 Sec. 4.4).
    void suggestCutAndPaste();
    // Sets select-a-size's rho_m per size to the smallest meeting the level for its p_m[j] (004 Sec. 4.4).
    void suggestSelectASize();
    // Writes a release from the OS CSPRNG (RandomSource::secure()), FILE and FILE.sizes all or nothing, the
    // baskets in a random order.
    void writeRelease(const QString& path);

    QList<BackgroundTask*> tasks();
    bool isIdle() const;
    void waitForIdle(); // tests and headless export only

signals:
    void dataLoaded();
    void frameReady(std::shared_ptr<const rr::BasketsFrame> frame);
    // No frame fits the data and choice any more (a new file, or the computation failed): views blank out
    // rather than show another file's or another choice's numbers.
    void frameCleared();
    void choiceChanged(); // by a suggestion or a session, not by the view's own edits
    void suggestionReady(const QString& summary);
    void releaseWritten(const QString& summary);
    void errorOccurred(const QString& message);

private:
    // A suggestion's search runs on the worker (after the privacy basis, reused when it fits the choice) and
    // returns what to apply: it sets the choice on the GUI thread and says what it did.
    using SuggestionApply = std::function<QString(BasketsChoice&)>;
    using SuggestionSearch = std::function<SuggestionApply(const BasketsData&, const PrivacyBasis&,
                                                           const BasketsChoice&, const BasketProgress&)>;
    void startSuggestion(SuggestionSearch search);

    std::shared_ptr<const BasketsData> m_data;
    std::shared_ptr<const PrivacyBasis> m_basis;
    std::shared_ptr<const BasketsFrame> m_frame;
    BasketsChoice m_choice;
    QTimer m_delay;
    BackgroundTask m_loader{tr("Loading baskets")};
    BackgroundTask m_computer{tr("Baskets: breaches, recovery, mining")};
    BackgroundTask m_suggester{tr("Baskets: cut-and-paste search")};
    BackgroundTask m_releaser{tr("Baskets: writing the release")};
};

} // namespace rr::ui
