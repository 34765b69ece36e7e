// Package watch reruns a build whenever the files it reads change.
//
// Run watches directory trees with fsnotify (which watches single
// directories, so Run adds every subdirectory, and each new one as it
// appears), waits until a burst of events has been quiet for the debounce
// interval, and calls the build once per burst. Editors save through
// temporary files and renames, so one save is many events; the debounce
// turns them into one rebuild.
//
// It does not build anything or print anything itself: the caller's build
// function does the work and reports, so a failed build is only reported
// and the watch goes on. It never writes to the watched trees.
package watch
