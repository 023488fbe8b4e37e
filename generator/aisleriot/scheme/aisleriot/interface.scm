;;; (aisleriot interface): the names Aisleriot's `sol` binary defines in C, written in
;;; Scheme so Debian's compiled games (api.go and <game>.go) run headlessly under guile.
;;; The names and arities were read from the compiled api.go and games (see
;;; docs/differences.md); the harness reads this module's state through `@@`.

(define-module (aisleriot interface)
  #:export (add-slot get-slot set-cards-c! set-slot-y-expansion! set-slot-x-expansion!
            reset-surface get-feature-word set-feature-word! set-statusbar-message-c
            update-score undo-set-sensitive redo-set-sensitive dealable-set-sensitive
            aisleriot-random click-to-move? delayed-call set-lambda set-lambda!))

;; Slots by id: each is (id cards placement type) as api.scm's add-*-slot builds it.
(define slots (make-hash-table))
(define (reset-surface) (hash-clear! slots))
(define (add-slot slot) (hash-set! slots (car slot) slot))
(define (get-slot id) (hash-ref slots id))
(define (set-cards-c! id cards)
  (let ((slot (hash-ref slots id)))
    (hash-set! slots id (cons id (cons cards (cddr slot))))))
(define (slot-ids) (sort (hash-map->list (lambda (k v) k) slots) <))
;; Expansion only changes how a slot is drawn.
(define (set-slot-y-expansion! id value) #t)
(define (set-slot-x-expansion! id value) #t)

;; The feature word: api.scm ORs droppable (1), scores-disabled (2), dealable (4) into it.
(define feature-word 0)
(define (get-feature-word) feature-word)
(define (set-feature-word! word) (set! feature-word word))

;; What the window would show.
(define status-message "")
(define (set-statusbar-message-c message) (set! status-message message))
(define score-text "")
(define (update-score text) (set! score-text text))
(define sensitive (list (cons 'undo #f) (cons 'redo #f) (cons 'dealable #f)))
(define (undo-set-sensitive on) (set! sensitive (assq-set! sensitive 'undo on)))
(define (redo-set-sensitive on) (set! sensitive (assq-set! sensitive 'redo on)))
(define (dealable-set-sensitive on) (set! sensitive (assq-set! sensitive 'dealable on)))

;; Deals are set by the harness, so the game's own shuffle only needs to be repeatable.
(define random-state (seed->random-state 0))
(define (seed-random! seed) (set! random-state (seed->random-state seed)))
(define (aisleriot-random n) (random n random-state))

;; Drag-and-drop, as the app's default preference.
(define (click-to-move?) #f)

;; The app runs a delayed call shortly after an action, and a delayed call may ask for
;; another (Klondike's autoplay plays one card per call); the harness runs the chain at once.
(define pending-calls '())
(define (delayed-call thunk) (set! pending-calls (append pending-calls (list thunk))))
(define (clear-delayed-calls) (set! pending-calls '()))
(define (run-delayed-calls)
  (let loop ((count 0))
    (when (pair? pending-calls)
      (when (> count 200)
        (error "delayed calls do not stop"))
      (let ((thunk (car pending-calls)))
        (set! pending-calls (cdr pending-calls))
        (thunk)
        (loop (+ count 1))))))

;; The game's callbacks. `set-lambda` takes them by position; the droppable and dealable
;; ones are there only when the game set those features first (as the C side reads them).
(define lambdas (make-hash-table))
(define (lambda-ref name) (hash-ref lambdas name))
(define (set-lambda! name proc) (hash-set! lambdas name proc))
(define (set-lambda new-game pressed released clicked double-clicked game-over game-won
                    hint . rest)
  (for-each set-lambda!
            '(new-game button-pressed button-released button-clicked
              button-double-clicked game-over winning-game hint)
            (list new-game pressed released clicked double-clicked game-over game-won hint))
  (let loop ((names (append '(get-options apply-options timeout)
                            (if (logtest feature-word 1) '(droppable) '())
                            (if (logtest feature-word 4) '(dealable) '())))
             (procs rest))
    (when (and (pair? names) (pair? procs))
      (set-lambda! (car names) (car procs))
      (loop (cdr names) (cdr procs)))))

(define (reset-interface!)
  (reset-surface)
  (set! feature-word 0)
  (set! status-message "")
  (set! score-text "")
  (set! pending-calls '())
  (hash-clear! lambdas))
