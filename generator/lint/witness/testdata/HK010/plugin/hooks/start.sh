#!/bin/sh
echo started
