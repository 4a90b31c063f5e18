#pragma once
// What a page is built with (ViewDescriptor::create): the analysis it shows, where its messages go and what
// it may ask of the window.
#include <QObject>

class QWidget;

namespace rr::ui {

class AnalysisState;
class InfoBar;
class Workspace;

// What a page asks of the window, whichever page it is.
class PageRequests : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
signals:
    // File > Release… (the Release step's button).
    void releaseRequested();
    // The analyses a page offers Optimize changed (Page::addOptimizeTargets).
    void optimizeTargetsChanged();
};

struct PageContext {
    AnalysisState& state;
    Workspace& workspace;
    InfoBar& info;
    PageRequests& requests;
};

// The factory of a page built from the state and the workspace alone.
template <class View>
QWidget* makePage(const PageContext& c)
{
    return new View(&c.state, &c.workspace);
}

// The factory of a page with a workspace of its own (Baskets).
template <class View>
QWidget* makeStandalonePage(const PageContext&)
{
    return new View;
}

} // namespace rr::ui
